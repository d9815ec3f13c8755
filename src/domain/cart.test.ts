import { describe, expect, it } from 'vitest';
import {
  addToCart,
  canAddToCart,
  cartItemCount,
  cartTotal,
  parseCart,
  quantityInCart,
  removeFromCart,
  removeLineFromCart,
} from './cart';

const pump = { id: 'pump', stock: 2, price: 12.5 };
const seal = { id: 'seal', stock: 0, price: 3 };

describe('cart', () => {
  it('adds one at a time up to the stock, and no further', () => {
    let cart = addToCart([], pump);
    expect(cart).toEqual([{ partId: 'pump', qty: 1 }]);
    cart = addToCart(cart, pump);
    expect(quantityInCart(cart, 'pump')).toBe(2);
    expect(canAddToCart(cart, pump)).toBe(false);
    expect(addToCart(cart, pump)).toEqual(cart);
  });

  it('cannot add a part with zero stock', () => {
    expect(canAddToCart([], seal)).toBe(false);
    expect(addToCart([], seal)).toEqual([]);
  });

  it('removes one at a time and drops the line at zero', () => {
    const cart = [{ partId: 'pump', qty: 2 }];
    expect(removeFromCart(cart, 'pump')).toEqual([{ partId: 'pump', qty: 1 }]);
    expect(removeFromCart(removeFromCart(cart, 'pump'), 'pump')).toEqual([]);
  });

  it('counts items and totals price times quantity', () => {
    const cart = [
      { partId: 'pump', qty: 2 },
      { partId: 'seal', qty: 1 },
    ];
    expect(cartItemCount(cart)).toBe(3);
    expect(cartTotal(cart, [pump, seal])).toBe(28);
  });

  it('parses a stored cart leniently', () => {
    expect(parseCart([{ partId: 'a', qty: 2 }, { partId: 'b', qty: 0 }, 'x', null])).toEqual([
      { partId: 'a', qty: 2 },
    ]);
    expect(parseCart({})).toEqual([]);
  });
});

describe('removeLineFromCart', () => {
  it('drops the whole line of the part and keeps the others', () => {
    const cart = [
      { partId: 'a', qty: 3 },
      { partId: 'b', qty: 1 },
    ];
    expect(removeLineFromCart(cart, 'a')).toEqual([{ partId: 'b', qty: 1 }]);
    expect(removeLineFromCart(cart, 'zzz')).toEqual(cart);
  });
});
