import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import type { Product } from '../../../contract/content';
import type { OrderProduct } from '../../../machines/orderCheckout';
import { selectIsLoggedIn } from '../../../machines/session';
import { useAppActors } from '../../app/actors-context';
import { OrderCheckoutFlow } from '../../app/OrderCheckoutFlow';
import type { RouteParams } from '../../app/route-params';
import { useOrderCheckout } from '../../app/use-order-checkout';
import { useResource } from '../../app/use-resource';
import { LoadFailure, SavedCopyNote } from '../../ui/OfflineStates';
import { PriceTag } from '../../ui/PriceTag';
import { SignedOutNotice } from '../../ui/SignedOutNotice';
import { ErrorState, Skeleton } from '../../ui/States';
import { isKnownCategory } from '../Shop/categories';
import { StockBadge } from '../Shop/StockBadge';
import './product-details.css';
import '../../ui/content-card.css';

function orderProductOf(product: Product, lang: 'en' | 'fr'): OrderProduct {
  return {
    id: product._id,
    title: product.title[lang],
    picture: product.imageUrl,
    price: product.price,
    stock: product.stock,
  };
}

/** Route `product-details/:id`: a product's pictures, description, price and stock, and buying it. */
export default function ProductDetails({ params }: { params: RouteParams }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  const id = params.id ?? '';
  const product = useResource((api, productId: string) => api.fetchProduct(productId), id, {
    keep: 'product',
  });
  const item = product.data;
  // One object per reading of the product: the order checkout is told of each new reading, not each render.
  const orderProduct = useMemo(() => (item ? orderProductOf(item, lang) : null), [item, lang]);
  return (
    <main className="page article product" id="main">
      <Link href="/shop" className="back-link">
        {t('shop.backToShop')}
      </Link>
      {product.loading && !item ? <Skeleton label={t('shop.loading')} rows={4} /> : null}
      <LoadFailure resource={product} />
      {item ? (
        <>
          <h1>{item.title[lang]}</h1>
          <SavedCopyNote resource={product} />
          {/* Scrolls sideways: focusable, so the pictures can be scrolled with the keyboard too. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take keyboard focus */}
          <ul className="product__pictures" aria-label={t('shop.pictures')} tabIndex={0}>
            {(item.pictures.length > 0 ? item.pictures : [item.imageUrl]).map((picture, index) => (
              <li key={picture}>
                <img
                  src={picture}
                  alt={t('shop.pictureAlt', { title: item.title[lang], index: index + 1 })}
                  loading={index === 0 ? 'eager' : 'lazy'}
                  width={480}
                  height={320}
                />
              </li>
            ))}
          </ul>
          <p className="article__meta">
            {isKnownCategory(item.category) ? t(`shop.categories.${item.category}`) : item.category}
          </p>
          <div className="product__buy">
            <PriceTag amount={item.price} className="product__price" />
            <StockBadge stock={item.stock} />
          </div>
          <p>{item.description[lang]}</p>
          {orderProduct ? (
            <ProductOrder key={orderProduct.id} product={orderProduct} reload={product.reload} />
          ) : null}
        </>
      ) : null}
    </main>
  );
}

/** Buying the product: for a logged-in student, through the order checkout; else an invitation to log in. */
function ProductOrder({ product, reload }: { product: OrderProduct; reload: () => void }) {
  const { t } = useTranslation();
  const { session } = useAppActors();
  const loggedIn = useSelector(session, selectIsLoggedIn);
  if (!loggedIn) {
    return (
      <section className="order">
        <h2>{t('order.title')}</h2>
        <SignedOutNotice
          message={t('order.loginToBuy')}
          loginLabel={t('nav.login')}
          loginHref={`/login-with-username?next=${encodeURIComponent(`/product-details/${product.id}`)}`}
        />
      </section>
    );
  }
  return <LoggedInOrder product={product} reload={reload} />;
}

function LoggedInOrder({ product, reload }: { product: OrderProduct; reload: () => void }) {
  const { t } = useTranslation();
  // The transactions tab links a pending order here as `?order={referenceId}`, to watch it again.
  const resumeReferenceId = new URLSearchParams(useSearch()).get('order');
  const order = useOrderCheckout(product, resumeReferenceId, reload);
  if (order.error) {
    return <ErrorState message={order.error} retryLabel={t('common.retry')} onRetry={order.retry} />;
  }
  if (!order.actor) return <Skeleton label={t('order.preparing')} rows={2} />;
  return <OrderCheckoutFlow actor={order.actor} title={product.title} />;
}
