/** The Portuguese messages of /usuarios (the §8 generic record messages come from @/lib/errors). */
import { codeOf, constraintOf, databaseOwnMessage, GENERIC_ERROR_MESSAGE, messageOf } from '@/lib/errors';
import { AdminUsersError } from '@/features/users/errors';
import { isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/network';

export const userMessages = {
  // Loads
  usersLoadError: 'Erro ao carregar usuários',
  catalogLoadError: 'Erro ao carregar perfis, permissões e unidades',
  auditLoadError: 'Erro ao carregar o registro de auditoria',
  accessLoadError: 'Erro ao carregar o acesso do usuário',
  employeeRecordLoadError: 'Erro ao carregar CPF, admissão e cargo do usuário',
  employeeRecordSaveError: 'A conta foi salva, mas CPF, admissão e cargo não',
  employeeRecordHint: 'CPF, data de admissão e cargo vão no comprovante de ponto, no espelho e nos arquivos legais (AFD, AEJ).',
  cnpjInvalid: 'CNPJ inválido: confira os dígitos',
  cnpjTaken: 'Este CNPJ já está cadastrado para outra unidade',
  // Writes: each success says what happened, to whom (spec §8 fixes no text for users, roles or units).
  userCreated: (name: string) => `Usuário ${name} criado`,
  userUpdated: (name: string) => `Usuário ${name} atualizado`,
  userDeleted: (name: string) => `Usuário ${name} excluído`,
  roleCreated: (name: string) => `Perfil ${name} criado`,
  roleUpdated: (name: string) => `Perfil ${name} atualizado`,
  roleDeleted: (name: string) => `Perfil ${name} excluído`,
  unitCreated: (name: string) => `Unidade ${name} criada`,
  unitUpdated: (name: string) => `Unidade ${name} atualizada`,
  passwordResetSent: (email: string) => `Email de redefinição de senha enviado para ${email}`,
  passwordResetError: 'Erro ao enviar o email de redefinição de senha',
  userDisabled: (name: string) => `Conta de ${name} desativada`,
  userEnabled: (name: string) => `Conta de ${name} reativada`,
  userInvited: (email: string) => `Convite enviado por email para ${email}`,
  // The admin-users function answered without its own message.
  functionFallback: 'Não foi possível concluir a operação. Tente novamente.',
  // Lists
  usersEmpty: 'Nenhum usuário encontrado.',
  auditEmpty: 'Nenhuma alteração registrada no período.',
} as const;

/** The reason shown under a load failure: a lost connection or the database's own words; nothing when there is no better one. */
export function usersLoadErrorDetail(error: unknown): string | undefined {
  const message = usersErrorMessage(error);
  return message === GENERIC_ERROR_MESSAGE ? undefined : message;
}

/** What the admin-users function said (its body's `error`), or the database's own Portuguese refusal. */
export function usersErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE;
  if (error instanceof AdminUsersError) return error.message;
  // A unit's CNPJ: the form checks the digits first; the database's constraints are the last word.
  if (codeOf(error) === '23514' && constraintOf(error).includes('store_units_cnpj_valid')) return userMessages.cnpjInvalid;
  if (codeOf(error) === '23505' && constraintOf(error).includes('store_units_cnpj_unique')) return userMessages.cnpjTaken;
  if (codeOf(error) === '23505') return messageOf(error) || 'Registro duplicado';
  return databaseOwnMessage(error) ?? GENERIC_ERROR_MESSAGE;
}

/** Audit actions as people read them. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  INSERT: 'Inclusão',
  UPDATE: 'Alteração',
  DELETE: 'Exclusão',
  create: 'Conta criada',
  update: 'Conta alterada',
  reset_password: 'Redefinição de senha',
  disable: 'Conta desativada',
  enable: 'Conta reativada',
  delete: 'Conta excluída',
};

/** Audited tables as people read them. */
export const AUDIT_TABLE_LABELS: Record<string, string> = {
  'auth.users': 'Contas',
  profiles: 'Perfis de usuário',
  user_roles: 'Perfil do usuário',
  user_permissions: 'Permissões diretas',
  user_units: 'Unidades do usuário',
  custom_roles: 'Perfis de acesso',
  role_permissions: 'Permissões de perfil',
  role_menu_paths: 'Menus do perfil',
  role_homepage_actions: 'Atalhos do perfil',
  store_units: 'Unidades',
};
