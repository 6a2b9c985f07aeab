// What the users module offers the other modules: the user as the app receives it after a purchase or a
// redemption (payments, codes), and the answer that carries it.
export { loadClientUser } from './client-user';
export { userMessageResponse } from './schemas';
