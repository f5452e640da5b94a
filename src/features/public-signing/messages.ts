/** The Portuguese texts of the public signature page (/assinar/:token) and the mapping of its RPCs' errors. */
import { codeOf, databaseOwnMessage, GENERIC_ERROR_MESSAGE } from '@/lib/errors';
import { NetworkError } from '@/features/public-signing/errors';

export const signingMessages = {
  pageTitle: 'Assinatura de Remessa',
  /** The contract's one message for an unknown, used, expired or revoked link (P0001), also used for a malformed one. */
  invalidLink:
    'Este link de assinatura não é válido. Ele pode ter expirado, já ter sido usado ou sido substituído por um novo. Peça um novo link a quem enviou a remessa.',
  /** The contract's rate-limit message (54000). */
  rateLimited: 'Muitas tentativas em pouco tempo. Aguarde alguns minutos e tente novamente.',
  loadNetworkError: 'Não foi possível carregar a remessa. Verifique a conexão e tente novamente.',
  signNetworkError: 'Não foi possível enviar a assinatura. Verifique a conexão e tente novamente.',
  singleUseNotice: 'Este link não pode ser usado novamente.',
  alreadySignedNotice: 'A assinatura já havia sido registrada: este é o comprovante dela.',
  /** Under 'Já assinado por …' on a reload in the browser that signed (only that browser kept the receipt). */
  recalledNotice: 'Comprovante guardado neste aparelho, onde o recebimento foi assinado.',
} as const;

/** The signer's field errors (the page checks by hand, without zod: see docs/forms-and-mutations.md). */
export const FIELD_ERRORS = {
  nameRequired: 'Informe o nome completo de quem recebe',
  nameShort: 'O nome deve ter ao menos 3 caracteres',
  cpfRequired: 'Informe o CPF',
  cpfInvalid: 'CPF inválido',
  signatureEmpty: 'Desenhe a assinatura no quadro',
  /** sign_shipment's refusals of an image that is not a PNG, or too large (a size refusal names the pixels it got). */
  signatureNotPng: 'A assinatura enviada não é uma imagem PNG',
  signatureTooLarge: 'A imagem da assinatura é grande demais (máximo de 300.000 caracteres): limpe o quadro e assine de novo',
  acceptanceRequired: 'Aceite a declaração de recebimento',
  quantityFormat: 'Informe quantidades inteiras, zero ou mais',
  quantitySum: (sum: number, quantity: number) => `A soma das divergências (${sum}) passa da quantidade enviada (${quantity})`,
  noteLength: 'Observação do item deve ter no máximo 300 caracteres',
  lineEmpty: 'Informe a falta, a avaria, a validade curta ou uma observação — ou desmarque a divergência',
} as const;

/** What went wrong with a call, as the page reacts to it. */
export type PublicErrorKind = 'invalid-link' | 'rate-limited' | 'network' | 'input' | 'other';

export function publicErrorKind(error: unknown): PublicErrorKind {
  if (error instanceof NetworkError) return 'network';
  switch (codeOf(error)) {
    case 'P0001':
      return 'invalid-link';
    case '54000':
      return 'rate-limited';
    case '22023':
      return 'input';
    default:
      return 'other';
  }
}

/** The message to show for a refused or failed signature (the database's own Portuguese refusal when it has one). */
export function signErrorMessage(error: unknown): string {
  switch (publicErrorKind(error)) {
    case 'invalid-link':
      return signingMessages.invalidLink;
    case 'rate-limited':
      return signingMessages.rateLimited;
    case 'network':
      return signingMessages.signNetworkError;
    default:
      return databaseOwnMessage(error, ['22023', 'P0001']) ?? GENERIC_ERROR_MESSAGE;
  }
}

/** The message to show when the shipment could not be loaded (the invalid link has its own view). */
export function loadErrorMessage(error: unknown): string {
  switch (publicErrorKind(error)) {
    case 'invalid-link':
      return signingMessages.invalidLink;
    case 'rate-limited':
      return signingMessages.rateLimited;
    case 'network':
      return signingMessages.loadNetworkError;
    default:
      return databaseOwnMessage(error, ['22023', 'P0001']) ?? GENERIC_ERROR_MESSAGE;
  }
}
