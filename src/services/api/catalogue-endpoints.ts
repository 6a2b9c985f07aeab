import type { Book, BookPage, BookPageQuery } from '../../../contract/books';
import type { Subject, SubjectsBySectionPayload } from '../../../contract/catalogue';
import type { RedeemCodePayload, RedeemCodeResponse } from '../../../contract/codes';
import type { ListedSection } from '../../../contract/common';
import type {
  MakePaymentRequest,
  MakePaymentResponse,
  Payment,
  PaymentStatusResponse,
  RequestToPayPayload,
  RequestToPayResponse,
} from '../../../contract/payments';
import { canonicalBody } from './call-shapes';
import type { CallShapes } from './endpoint-shapes';
import { CALL } from './endpoint-shapes';

/** What a student can buy and read: the subjects, the books. */
export function catalogueEndpoints({ client, get, getById }: CallShapes) {
  const { read, list } = CALL;
  return {
    fetchSubjects: get<Subject[]>('subjects/subject/fetch-all', list),
    fetchSubjectsBySection: (section: ListedSection, payload: SubjectsBySectionPayload = {}) =>
      client.request<Subject[]>({
        method: 'POST',
        path: `subjects/subject/fetch/${section}`,
        body: payload,
        ...read,
      }),
    /** One book with a fresh signed fileUrl (the reader asks each time it opens). */
    fetchBook: getById<Book>('books', read),
    /** One page of books (issue 12): the same call with paging fields, kept for the session. */
    fetchBookPage: (query: BookPageQuery = {}) =>
      client.request<BookPage>({
        method: 'POST',
        path: 'books/filtered-books',
        body: canonicalBody(query),
        ...list,
      }),
  };
}

/** Buying subjects: the Mobile Money payment and its status, access codes, the student's transactions. */
export function paymentEndpoints({ send, get, getById }: CallShapes) {
  const { read, idempotentWrite, userWrite } = CALL;
  return {
    makePayments: send<MakePaymentRequest, MakePaymentResponse>('PUT', 'transactions/subjects/makepayments', {
      ...userWrite,
      ...idempotentWrite,
    }),
    requestToPay: send<RequestToPayPayload, RequestToPayResponse>(
      'POST',
      'payments/momo/requesttopay',
      idempotentWrite,
    ),
    getPaymentStatus: getById<PaymentStatusResponse>('payments/momo/requesttopay', read),
    /** Issue 20: an access code; answered like a payment (the user with the new expiries, the message). */
    redeemCode: send<RedeemCodePayload, RedeemCodeResponse>('POST', 'subjects/serial/redeem', userWrite),
    fetchTransactions: get<Payment[]>('transactions', read),
  };
}
