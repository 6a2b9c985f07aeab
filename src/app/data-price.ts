import { dataPriceFrom } from '../rules/data-cost';

/** FCFA per GB of mobile data, as this build was configured (README: VITE_DATA_PRICE_FCFA_PER_GB). */
export const DATA_PRICE_PER_GB: number = dataPriceFrom(import.meta.env.VITE_DATA_PRICE_FCFA_PER_GB);
