// The price rules the app and the server share: which subject is free, and what a cart line and a cart
// cost. The server prices every payment again with the same arithmetic, so the amount the student is shown
// is the amount the server asks for.

/** A subject priced 0 is free: open to every student, never sold (the database refuses a price below 0). */
export function isFree(price: number): boolean {
  return price <= 0;
}

/** One cart or order line: a unit price in XAF and how many of it. */
export interface PricedLine {
  readonly price: number;
  readonly amount: number;
}

/** What one line costs: its unit price times its amount. */
export function lineTotal(line: PricedLine): number {
  return line.price * line.amount;
}

/** What a cart costs: the sum of its lines. */
export function cartTotal(lines: readonly PricedLine[]): number {
  return lines.reduce((total, line) => total + lineTotal(line), 0);
}
