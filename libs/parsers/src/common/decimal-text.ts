/**
 * Plain decimal text read straight from a string, without copying it out first. No Node API.
 */

/** 10^0 .. 10^22: every one an exact double. */
const POWERS_OF_TEN = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
  1e20, 1e21, 1e22,
];

/**
 * The number written text[from, to) when it is plain decimal text ("-12.75", "3", ".5", "1."),
 * else NaN: the caller then converts it with Number(). Exact: the digits (sign and point left out)
 * must make an integer below 2^53 and there must be at most 22 of them after the point, so that
 * digits / 10^k is one correctly rounded division of two exact doubles (Clinger's fast path), the
 * same double Number() gives. About half the cost of Number() on a copied substring; 17-digit
 * values (as some writers export) take the Number() way.
 */
export function plainDecimalAt(text: string, from: number, to: number): number {
  let position = from;
  const negative = text.charCodeAt(position) === 45;
  if (negative) position += 1;
  let digits = 0;
  let count = 0;
  let point = -1;
  for (; position < to; position += 1) {
    const code = text.charCodeAt(position);
    if (code >= 48 && code <= 57) {
      digits = digits * 10 + (code - 48);
      count += 1;
    } else if (code === 46 && point < 0) point = position;
    else return Number.NaN;
  }
  if (count === 0 || digits > Number.MAX_SAFE_INTEGER) return Number.NaN;
  const decimals = point < 0 ? 0 : to - point - 1;
  if (decimals > 22) return Number.NaN;
  const value = decimals === 0 ? digits : digits / POWERS_OF_TEN[decimals];
  return negative ? -value : value;
}
