// Parts cart rules (SPEC §4 Cart, §5 Cart, §9 Stock): add one up to the stock, remove one, clear,
// count and total. Pure: the cart is a list of lines, the parts are passed in. An empty cart is
// refused by the partRequest.create schema, the one place SPEC's message for it lives.

/** A cart line (SPEC §3 Cart line): a part and how many of it. */
export interface CartLine {
  partId: string;
  qty: number;
}

/** How many of the part the cart holds. */
export function quantityInCart(cart: readonly CartLine[], partId: string): number {
  return cart.find((line) => line.partId === partId)?.qty ?? 0;
}

/** True while one more of the part fits under its stock (never at zero stock). */
export function canAddToCart(cart: readonly CartLine[], part: { id: string; stock: number }) {
  return quantityInCart(cart, part.id) < part.stock;
}

/** One more of the part, up to its stock; the cart is unchanged when the stock is reached. */
export function addToCart(cart: readonly CartLine[], part: { id: string; stock: number }) {
  if (!canAddToCart(cart, part)) return [...cart];
  const has = cart.some((line) => line.partId === part.id);
  return has
    ? cart.map((line) => (line.partId === part.id ? { ...line, qty: line.qty + 1 } : line))
    : [...cart, { partId: part.id, qty: 1 }];
}

/** One fewer of the part; the line goes when it reaches zero. */
export function removeFromCart(cart: readonly CartLine[], partId: string): CartLine[] {
  return cart
    .map((line) => (line.partId === partId ? { ...line, qty: line.qty - 1 } : line))
    .filter((line) => line.qty > 0);
}

/** The cart without the part's line, whatever its quantity. */
export function removeLineFromCart(cart: readonly CartLine[], partId: string): CartLine[] {
  return cart.filter((line) => line.partId !== partId);
}

/** Items in the cart (the sum of the quantities). */
export function cartItemCount(cart: readonly CartLine[]): number {
  return cart.reduce((sum, line) => sum + line.qty, 0);
}

/** Price times quantity over the lines whose part is known. */
export function cartTotal(
  cart: readonly CartLine[],
  parts: readonly { id: string; price: number }[],
): number {
  const price = new Map(parts.map((p) => [p.id, p.price]));
  return cart.reduce((sum, line) => sum + (price.get(line.partId) ?? 0) * line.qty, 0);
}

/** A stored cart, parsed leniently: anything that is not a list of positive lines is dropped. */
export function parseCart(value: unknown): CartLine[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((line: unknown) => {
    if (typeof line !== 'object' || line === null) return [];
    const { partId, qty } = line as Record<string, unknown>;
    return typeof partId === 'string' && typeof qty === 'number' && Number.isInteger(qty) && qty > 0
      ? [{ partId, qty }]
      : [];
  });
}
