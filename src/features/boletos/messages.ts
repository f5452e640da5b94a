/** Portuguese messages of /boletos (the feature owns them). */

// --- Entry (code field, form, warnings, attachments) ---------------------------------------------
export const boletoEntryMessages = {
} as const;

// --- List (filters, paging, payment, cancel, reopen, delete, history) -----------------------------
export const boletoListMessages = {
} as const;
