// What the codes module offers the other modules: the access codes a student redeemed, which the payments
// module lists in the transactions tab beside the payments.
export { listRedemptions, type RedemptionListRow } from './queries';
