// What a video costs a student in mobile data (issue 11): shown in MB and FCFA before the first play and
// before any download. Carriers count decimal units, as formatBytes shows them.

/** About what a GB of mobile data costs in Cameroon (docs/product.md); a build may set its own (README). */
export const DATA_PRICE_FCFA_PER_GB = 1_000;

const BYTES_PER_GB = 1_000_000_000;

/**
 * The FCFA a download of `bytes` costs at `pricePerGb`, in whole francs, rounded up: a student would rather
 * be told a little too much than find their credit short. Nothing to download costs nothing.
 */
export function dataCostFcfa(bytes: number, pricePerGb: number = DATA_PRICE_FCFA_PER_GB): number {
  if (!Number.isFinite(bytes) || bytes <= 0) return 0;
  return Math.ceil((bytes / BYTES_PER_GB) * pricePerGb);
}

/** The price from the build's configuration (VITE_DATA_PRICE_FCFA_PER_GB): a positive whole number, else the default. */
export function dataPriceFrom(configured: unknown): number {
  const price =
    typeof configured === 'string' && /^\d+$/.test(configured.trim()) ? Number(configured) : Number.NaN;
  return Number.isSafeInteger(price) && price > 0 ? price : DATA_PRICE_FCFA_PER_GB;
}
