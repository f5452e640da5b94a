/** Portuguese messages of /gestao-horarios (the feature owns them). */
import { formatDay } from '@/lib/dates';
import { codeOf, databaseOwnMessage, GENERIC_ERROR_MESSAGE, isAuthenticationError } from '@/lib/errors';
import { isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/network';

export const schedulesMessages = {
  // Loads
  overviewLoadError: 'Erro ao carregar as escalas dos funcionários',
  templatesLoadError: 'Erro ao carregar os modelos de escala',
  holidaysLoadError: 'Erro ao carregar os feriados',
  openingHoursLoadError: 'Erro ao carregar o horário de funcionamento',
  // Empty states
  noPeople: 'Nenhum funcionário encontrado',
  noTemplates: 'Nenhum modelo de escala ainda. Crie o primeiro para atribuir aos funcionários.',
  noHolidays: 'Nenhum feriado estadual ou municipal cadastrado neste ano',
  noAssignment: 'Sem escala: jornada padrão (8h de segunda a sexta)',
  // Writes
  assigned: (template: string, person: string, from: string) => `Escala "${template}" atribuída a ${person} a partir de ${formatDay(from)}`,
  assignError: 'Erro ao atribuir a escala',
  checkError: 'Erro ao verificar a escala',
  assignmentDeleted: (template: string, from: string) => `Escala "${template}" de ${formatDay(from)} excluída; a anterior voltou a valer`,
  assignmentDeleteError: 'Erro ao excluir a escala',
  templateCreated: (name: string) => `Modelo "${name}" criado`,
  templateSaved: (name: string) => `Modelo "${name}" salvo`,
  templateSaveError: 'Erro ao salvar o modelo',
  holidayAdded: (name: string, day: string) => `Feriado "${name}" de ${formatDay(day)} cadastrado`,
  holidaySaveError: 'Erro ao cadastrar o feriado',
  holidayRemoved: (name: string, day: string) => `Feriado "${name}" de ${formatDay(day)} excluído`,
  holidayRemoveError: 'Erro ao excluir o feriado',
  openingHoursSaved: (unit: string) => `Horário de funcionamento da ${unit} salvo`,
  openingHoursSaveError: 'Erro ao salvar o horário de funcionamento',
  // Warnings before assigning
  warningsTitle: 'Esta escala descumpre regras da jornada',
  warningsDescription: 'São avisos: a escala pode ser salva mesmo assim, se houver motivo (por exemplo, um acordo coletivo).',
  saveAnyway: 'Salvar mesmo assim',
  offline: NETWORK_ERROR_MESSAGE,
} as const;

/** A refusal as the user reads it: the database's own Portuguese message, a lost connection, an expired session or the generic one. */
export function schedulesErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return schedulesMessages.offline;
  const own = databaseOwnMessage(error, ['23502', '23514', '22023', 'P0001', '42501', '23505', '23P01', 'P0002']);
  if (own) return own;
  if (isAuthenticationError(error)) return 'Sua sessão expirou. Faça login novamente.';
  if (codeOf(error) === '42501') return 'Você não tem permissão para realizar esta operação.';
  return GENERIC_ERROR_MESSAGE;
}
