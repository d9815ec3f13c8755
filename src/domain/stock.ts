// Stock rules (SPEC §9 Stock badge; §2 Technical Reference counts): more than 10 is in stock,
// 1 to 10 is low, 0 is out. Pure.

/** A part with this many or fewer units (and at least one) is low on stock. */
export const LOW_STOCK_MAX = 10;

export type StockLevel = 'IN_STOCK' | 'LOW_STOCK' | 'OUT_OF_STOCK';

/** The stock band of a count: 0 (or less) out, 1-10 low, more than 10 in stock. */
export function stockLevel(stock: number): StockLevel {
  if (stock <= 0) return 'OUT_OF_STOCK';
  if (stock <= LOW_STOCK_MAX) return 'LOW_STOCK';
  return 'IN_STOCK';
}

export interface StockSummary {
  total: number;
  /** Parts with stock above 0. */
  inStock: number;
  /** Parts with stock from 1 to 10. */
  lowStock: number;
}

/** The Technical Reference's parts counts over live (not deleted) parts. */
export function stockSummary(parts: readonly { stock: number }[]): StockSummary {
  return {
    total: parts.length,
    inStock: parts.filter((p) => p.stock > 0).length,
    lowStock: parts.filter((p) => stockLevel(p.stock) === 'LOW_STOCK').length,
  };
}
