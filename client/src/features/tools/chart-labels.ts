const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/**
 * A number for an axis: grouped digits up to a billion, then a short scientific form ("2.5 × 10¹⁷"), since 18-digit
 * labels do not fit under a bar.
 */
export function axisLabel(value: string): string {
  const big = BigInt(value);
  if (big < 1_000_000_000n) return big.toLocaleString('en-US');
  const digits = value.replace(/^0+/, '');
  const exponent = digits.length - 1;
  const mantissa = Number(`${digits[0]}.${digits.slice(1, 3)}`);
  const shown = Number.isInteger(mantissa) ? String(mantissa) : mantissa.toFixed(2).replace(/0+$/, '').replace(/\.$/, '');
  return `${shown} × 10${String(exponent)
    .split('')
    .map((d) => SUPERSCRIPTS[Number(d)])
    .join('')}`;
}

/** "1,000,000" for whole numbers given as digits (bigint-safe). */
export function groupedDigits(value: string | number): string {
  return BigInt(value).toLocaleString('en-US');
}
