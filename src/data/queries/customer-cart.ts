/**
 * The customer's parts cart (SPEC §3 Cart line: client-side only). Owns one localStorage key per
 * user, so the cart survives reloads and sign-outs on this device and another user on the same
 * phone never sees it. The rules (stock limit, removal, totals) are src/domain/cart.ts.
 */
import { useCallback, useEffect, useState } from 'react';
import {
  addToCart,
  parseCart,
  removeFromCart,
  removeLineFromCart,
  type CartLine,
} from '../../domain/cart';
import { useCurrentUser } from '../session-context';

export const cartStorageKey = (userId: string) => `chairside-cart-${userId}`;

function readCart(userId: string): CartLine[] {
  try {
    return parseCart(JSON.parse(localStorage.getItem(cartStorageKey(userId)) ?? '[]'));
  } catch {
    // A damaged cart starts afresh.
    return [];
  }
}

function writeCart(userId: string, cart: CartLine[]): void {
  try {
    if (cart.length === 0) localStorage.removeItem(cartStorageKey(userId));
    else localStorage.setItem(cartStorageKey(userId), JSON.stringify(cart));
  } catch {
    // Storage full or blocked: the cart still works for this visit.
  }
}

export function useCart() {
  const userId = useCurrentUser().id;
  const [cart, setCart] = useState<CartLine[]>(() => readCart(userId));
  useEffect(() => setCart(readCart(userId)), [userId]);
  const update = useCallback(
    (change: (cart: CartLine[]) => CartLine[]) =>
      setCart((current) => {
        const next = change(current);
        writeCart(userId, next);
        return next;
      }),
    [userId],
  );
  return {
    cart,
    add: (part: { id: string; stock: number }) => update((c) => addToCart(c, part)),
    remove: (partId: string) => update((c) => removeFromCart(c, partId)),
    removeLine: (partId: string) => update((c) => removeLineFromCart(c, partId)),
    clear: () => update(() => []),
  };
}
