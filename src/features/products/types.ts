/** A product as the catalogue screen shows it (spec §3 "Product"). */
export interface Product {
  id: string;
  barcode: string | null;
  name: string;
  description: string | null;
  /** The linked category's id ("grupo"), null when none. */
  groupId: string | null;
  /** The linked category's name, or 'Grupo não especificado'. */
  groupName: string;
}

/** A category ("grupo", spec §3). */
export interface Category {
  id: string;
  name: string;
  description: string | null;
}

export const NO_GROUP_LABEL = 'Grupo não especificado';
