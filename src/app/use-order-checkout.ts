import { useEffect, useRef, useState } from 'react';
import type { Actor } from 'xstate';
import { createActor } from 'xstate';
import type { OrderProduct } from '../../machines/orderCheckout';
import { orderPageActors } from '../actors/orderCheckout';
import { useAppActors } from './actors-context';
import type { OrderCheckoutLogic } from './order-checkout';

export type OrderCheckoutActor = Actor<OrderCheckoutLogic>;

/**
 * The order checkout of one product page: the machine provided at the composition root, started once the
 * product is known with the order payment to resume (this device's, or the one `?order=` names), told of
 * every newer reading of the product, and stopped with the page. `reloadProduct` is how the machine asks for
 * the product again after its stock moved. Mount it per product (`key`).
 */
export function useOrderCheckout(
  product: OrderProduct | null,
  resumeReferenceId: string | null,
  reloadProduct: () => void,
) {
  const { orderCheckout, now, describeError } = useAppActors();
  const [actor, setActor] = useState<OrderCheckoutActor | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef({ product, reloadProduct });
  latest.current = { product, reloadProduct };
  const ready = product !== null;

  useEffect(() => {
    const first = latest.current.product;
    if (!ready || first === null) return;
    // Retry (a failed chunk load) runs this again.
    void attempt;
    let cancelled = false;
    let started: OrderCheckoutActor | null = null;
    setError(null);
    orderCheckout
      .load()
      .then(async (checkout) => {
        const pending = await checkout.findPending(first.id, resumeReferenceId);
        if (cancelled) return;
        started = createActor(checkout.logic.provide(orderPageActors(() => latest.current.reloadProduct())), {
          input: { product: latest.current.product ?? first, now: now(), pending },
        });
        started.start();
        setActor(started);
      })
      .catch((failure: unknown) => {
        // The chunk did not arrive (offline on a first visit): said, with Retry.
        if (!cancelled) setError(describeError(failure));
      });
    return () => {
      cancelled = true;
      started?.stop();
      setActor(null);
    };
  }, [ready, resumeReferenceId, attempt, orderCheckout, now, describeError]);

  useEffect(() => {
    if (actor && product) actor.send({ type: 'order.productUpdated', product });
  }, [actor, product]);

  return { actor, error, retry: () => setAttempt((n) => n + 1) };
}
