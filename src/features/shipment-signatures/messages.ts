/** Portuguese messages of /assinatura-remessas (the feature owns them). */
import { codeOf, databaseOwnMessage, GENERIC_ERROR_MESSAGE } from '@/lib/errors';
import { isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/network';

/** The chain's name on the printed receipt (the app's name, as the logo shows it). */
export const CHAIN_NAME = 'Farmácia';

export const signatureMessages = {
  subtitle: 'Gere o link de assinatura das remessas despachadas e consulte os comprovantes de recebimento assinados.',
  tabPending: 'Aguardando assinatura',
  tabSigned: 'Assinadas',
  listLoadError: 'Erro ao carregar as remessas',
  emptyPending: 'Nenhuma remessa aguardando assinatura.',
  emptyPendingHint: 'Remessas despachadas (Pendente) aparecem aqui até quem recebe assinar.',
  emptySigned: 'Nenhuma remessa assinada ainda.',
  emptyFiltered: 'Nenhuma remessa encontrada com estes filtros.',
  clearFilters: 'Limpar filtros',
  unitsLoadError: 'Erro ao carregar suas unidades para o filtro',

  shipmentLoadError: 'Erro ao carregar a remessa',
  evidenceLoadError: 'Erro ao carregar o comprovante',
  backToList: 'Voltar para a lista',
  notDispatched: 'Esta remessa ainda não foi despachada. O link de assinatura só pode ser gerado depois que a unidade de origem despachar a remessa (Pendente).',
  cannotLink: 'Você não pode gerar links para esta remessa: apenas a equipe das unidades de origem ou de destino.',

  linkSectionTitle: 'Link de assinatura',
  linkIntro:
    'Quem recebe a remessa abre o link (ou lê o QR code) no celular, confere os itens, informa faltas, avarias ou validade curta e assina na tela.',
  linkDuration: (duration: string) => `O link vale por ${duration} e só pode ser usado uma vez.`,
  generate: 'Gerar link de assinatura',
  generateNew: 'Gerar novo link',
  revoke: 'Revogar link',
  copy: 'Copiar link',
  copied: 'Link copiado',
  copiedDescription: 'Cole-o na conversa com quem vai receber a remessa.',
  copyError: 'Não foi possível copiar; selecione o link e copie manualmente',
  share: 'Compartilhar link',
  shareTitle: (number: string) => `Assinatura da remessa ${number}`,
  shareText: (number: string) => `Confira os itens da remessa ${number} e assine o recebimento pelo link:`,
  shareError: 'Não foi possível compartilhar; copie o link',
  receiverSigns:
    'Quem recebe assina no próprio celular. Uma assinatura feita neste navegador ou a partir do mesmo endereço de internet de quem despachou ou gerou o link é aceita, mas fica marcada no comprovante.',
  showOnce:
    'Copie ou mostre o QR code agora: por segurança o link não pode ser exibido de novo; se perdê-lo, gere outro (o anterior deixa de valer).',
  tokenHidden: 'O link já foi gerado e não pode ser exibido de novo. Se ele se perdeu, gere outro: o anterior deixa de valer.',
  qrAlt: (number: string) => `QR code do link de assinatura da remessa ${number}`,
  qrError: 'Não foi possível desenhar o QR code; use o link acima.',
  /** Names the shipment when this screen has read it (the list's 'Gerar link' may not have). */
  created: (number: string | null) => (number ? `Link de assinatura da remessa ${number} gerado` : 'Link de assinatura gerado'),
  createError: 'Erro ao gerar o link de assinatura',
  revoked: (number: string | null) => (number ? `Link da remessa ${number} revogado: ele não pode mais ser usado` : 'Link revogado: ele não pode mais ser usado'),
  revokeError: 'Erro ao revogar o link',
  confirmRevokeTitle: 'Revogar o link de assinatura?',
  confirmRevoke: 'Quem tiver o link não conseguirá mais assinar a remessa. Você poderá gerar um novo link depois.',
  confirmNewTitle: 'Gerar um novo link?',
  confirmNew: 'O link atual será revogado e deixará de funcionar, inclusive o QR code já mostrado. Envie o novo link a quem vai receber a remessa.',
  signedMeanwhile: (number: string, signer: string) => `Remessa ${number} assinada por ${signer}`,

  viewReceipt: 'Ver comprovante',
  print: 'Imprimir',
  receiptTitle: 'Comprovante de recebimento de remessa',
  evidenceTitle: 'Evidências da assinatura',
  hashValid: 'Conteúdo íntegro: o hash confere com o registrado na assinatura',
  hashInvalid: 'Conteúdo alterado após a assinatura',
  hashInvalidHint: 'Os itens da remessa mudaram depois que ela foi assinada: o conteúdo atual não é o que foi assinado.',
  noSignatureImage: 'Imagem da assinatura indisponível',

  settingsTitle: 'Validade dos links de assinatura',
  settingsDescription: 'Vale para os links gerados a partir de agora; os já gerados mantêm a validade que tinham.',
  settingsLabel: 'Validade (horas)',
  settingsHint: 'De 1 a 720 horas (30 dias).',
  settingsSave: 'Salvar',
  settingsSaved: (duration: string) => `Links novos passam a valer por ${duration}`,
  settingsSaveError: 'Erro ao salvar a validade dos links',
  settingsLoadError: 'Erro ao carregar a validade dos links',
  /** get_signature_settings answers nothing to a caller without access to the back office. */
  settingsNoAccess: 'Sem acesso à configuração das assinaturas',
  /** The flag of a signature made where the shipment was sent from (the list's badge and the receipt's notice). */
  signedAtSender: 'Assinado no mesmo dispositivo/endereço do remetente',
} as const;

/**
 * A refusal as the user reads it: the database's own Portuguese message ('A remessa precisa estar
 * despachada…', 'Não há link ativo para esta remessa', 'Remessa não encontrada ou sem permissão'),
 * a lost connection, a permission refusal, or the generic message.
 */
export function signatureErrorMessage(error: unknown): string {
  const own = databaseOwnMessage(error);
  if (own) return own;
  if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE;
  if (codeOf(error) === '42501') return 'Você não tem permissão para realizar esta operação.';
  return GENERIC_ERROR_MESSAGE;
}
