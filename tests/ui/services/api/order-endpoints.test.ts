import { describe, expect, it } from 'vitest';
import type { PlaceOrderPayload } from '../../../../contract/shop';
import { createApiClient } from '../../../../src/services/api/client';
import { createOrderEndpoints } from '../../../../src/services/api/order-endpoints';
import { createFakeFetch, type FakeReply } from './fakeFetch';

const payload: PlaceOrderPayload = {
  productId: 'prod-calculator',
  quantity: 2,
  town: 'Bamenda',
  amount: '17000',
  currency: 'XAF',
  externalId: 'ORDER_u1_1760000000000',
  payer: { partyIdType: 'MSISDN', partyId: '237670000001' },
  payerMessage: 'StudyCam shop',
  payeeNote: '2 × Scientific calculator',
};

function setup(script: FakeReply[] | ((call: { url: string; method: string }) => FakeReply)) {
  const fake = createFakeFetch(script);
  const client = createApiClient({
    baseUrl: 'https://api.example.cm',
    fetch: fake.fetch,
    getToken: () => 'jwt',
    sleep: async () => undefined,
  });
  return { fake, client, orders: createOrderEndpoints(client) };
}

describe('the shop order calls', () => {
  it('place an order with POST shop/orders and read one with GET shop/orders/{referenceId}, authenticated', async () => {
    const { fake, orders } = setup([
      { status: 202, body: { success: true, referenceId: 'r1' } },
      { status: 200, body: { success: true, order: { referenceId: 'r1' } } },
    ]);
    await orders.placeOrder(payload);
    await orders.fetchOrder('../r 1');
    expect(fake.calls.map((call) => [call.method, call.url, call.body])).toEqual([
      ['POST', 'https://api.example.cm/shop/orders', payload],
      // An id is data, never a path.
      ['GET', 'https://api.example.cm/shop/orders/..%2Fr%201', undefined],
    ]);
    expect(fake.calls.every((call) => call.headers.get('Authorization') === 'Bearer jwt')).toBe(true);
  });

  it('retry a lost answer with the same body (the server is idempotent by externalId), not a refusal', async () => {
    const { fake, orders } = setup([
      'network-failure',
      { status: 202, body: { success: true, referenceId: 'r1' } },
    ]);
    await expect(orders.placeOrder(payload)).resolves.toMatchObject({ referenceId: 'r1' });
    expect(fake.calls.map((call) => call.body)).toEqual([payload, payload]);

    const refused = setup([{ status: 409, body: { success: false, msg: 'Out of stock' } }]);
    await expect(refused.orders.placeOrder(payload)).rejects.toMatchObject({
      status: 409,
      serverMsg: 'Out of stock',
    });
    expect(refused.fake.calls).toHaveLength(1);
  });

  it('make the cached shop list stale: an order moves its stock', async () => {
    let stock = 5;
    const { fake, client, orders } = setup((call) =>
      call.url.endsWith('/shop/products')
        ? { status: 200, body: [{ _id: 'prod-calculator', stock }] }
        : call.method === 'POST'
          ? { status: 202, body: { success: true, referenceId: 'r1' } }
          : { status: 200, body: { success: true, order: {} } },
    );
    const list = () => client.request({ method: 'GET', path: 'shop/products', cacheable: true });
    await list();
    stock = 3;
    await orders.placeOrder(payload);
    expect(await list()).toEqual([{ _id: 'prod-calculator', stock: 3 }]);
    stock = 5;
    await orders.fetchOrder('r1');
    expect(await list()).toEqual([{ _id: 'prod-calculator', stock: 5 }]);
    expect(fake.calls.filter((call) => call.url.endsWith('/shop/products'))).toHaveLength(3);
  });
});
