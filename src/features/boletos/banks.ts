/**
 * COMPE codes (the first three digits of a bank boleto's barcode) of the banks Brazilian suppliers
 * usually issue boletos through, with the names people know them by. A code missing here is shown
 * bare: the code itself is always right, only its name is a convenience.
 */
export const BANK_NAMES: Readonly<Record<string, string>> = {
  '001': 'Banco do Brasil',
  '004': 'BNB',
  '021': 'Banestes',
  '033': 'Santander',
  '037': 'Banpará',
  '041': 'Banrisul',
  '047': 'Banese',
  '070': 'BRB',
  '077': 'Inter',
  '084': 'Uniprime',
  '085': 'Ailos',
  '097': 'Credisis',
  '104': 'Caixa',
  '136': 'Unicred',
  '208': 'BTG Pactual',
  '212': 'Original',
  '218': 'BS2',
  '237': 'Bradesco',
  '246': 'ABC',
  '260': 'Nubank',
  '290': 'PagBank',
  '323': 'Mercado Pago',
  '336': 'C6',
  '341': 'Itaú',
  '380': 'PicPay',
  '403': 'Cora',
  '422': 'Safra',
  '623': 'Pan',
  '633': 'Rendimento',
  '655': 'Votorantim',
  '707': 'Daycoval',
  '745': 'Citibank',
  '746': 'Modal',
  '748': 'Sicredi',
  '756': 'Sicoob',
};

/** The name of a bank by its COMPE code, or null when it is not in the list. */
export function bankName(code: string): string | null {
  return BANK_NAMES[code] ?? null;
}

/** '341 – Itaú', or the bare code ('999') when its name is unknown. */
export function bankLabel(code: string): string {
  const name = bankName(code);
  return name ? `${code} – ${name}` : code;
}
