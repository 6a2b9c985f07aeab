import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { RouteParams } from '../../app/route-params';
import { useResource } from '../../app/use-machines';
import { PriceTag } from '../../ui/PriceTag';
import { ErrorState, Skeleton } from '../../ui/States';
import { isKnownCategory } from '../Shop/categories';
import { StockBadge } from '../Shop/StockBadge';
import './product-details.css';
import '../../ui/content-card.css';

/** Route `product-details/:id`: a product's pictures, description, price and stock. */
export default function ProductDetails({ params }: { params: RouteParams }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  const product = useResource((api, id: string) => api.fetchProduct(id), params.id ?? '');
  const item = product.data;
  return (
    <main className="page article product" id="main">
      <Link href="/shop" className="back-link">
        {t('shop.backToShop')}
      </Link>
      {product.loading ? <Skeleton label={t('shop.loading')} rows={4} /> : null}
      {product.error ? (
        <ErrorState message={product.error} retryLabel={t('common.retry')} onRetry={product.retry} />
      ) : null}
      {item ? (
        <>
          <h1>{item.title[lang]}</h1>
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
        </>
      ) : null}
    </main>
  );
}
