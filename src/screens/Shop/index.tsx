import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { useResource } from '../../app/use-resource';
import { ContentCard } from '../../ui/ContentCard';
import { FilteredEmptyState, ResourceView } from '../../ui/ListScreen';
import { PriceTag } from '../../ui/PriceTag';
import { SegmentedControl } from '../../ui/SegmentedControl';
import { isKnownCategory, orderedCategories, searchable } from './categories';
import { StockBadge } from './StockBadge';
import '../../ui/content-card.css';

const ALL = 'all';

const shopHref = (category: string, search: string) => {
  const query = new URLSearchParams();
  if (category !== ALL) query.set('category', category);
  if (search) query.set('q', search);
  // Always with a `?`: the hash router keeps the current query when an address has none.
  return `/shop?${query.toString()}`;
};

/** Route `shop`: school supplies by category, with search, price in FCFA and stock. */
export default function Shop() {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const query = new URLSearchParams(useSearch());
  const category = query.get('category') ?? ALL;
  const search = query.get('q') ?? '';
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  // Kept on the phone too (issue 18): offline the shop shows its last copy with its date, even where the
  // worker's cached list is not there or not marked as a copy.
  const products = useResource((api) => api.fetchProducts(), undefined, { keep: 'shop-products' });
  const all = products.data ?? [];
  const categories = orderedCategories(all.map((product) => product.category));
  const categoryLabel = (name: string) => (isKnownCategory(name) ? t(`shop.categories.${name}`) : name);
  const needle = searchable(search.trim());
  const shown = all.filter(
    (product) =>
      (category === ALL || product.category === category) &&
      (needle === '' ||
        searchable(`${product.title.en} ${product.title.fr} ${product.description[lang]}`).includes(needle)),
  );

  return (
    <main className="page shop" id="main">
      <h1>{t('routes.shop')}</h1>
      <div className="filters">
        <label>
          <span>{t('shop.search')}</span>
          <input
            className="input"
            type="search"
            name="q"
            value={search}
            onChange={(event) => navigate(shopHref(category, event.target.value), { replace: true })}
          />
        </label>
      </div>
      <SegmentedControl
        label={t('shop.categoriesLabel')}
        segments={[
          { id: ALL, label: t('shop.allCategories') },
          ...categories.map((name) => ({ id: name, label: categoryLabel(name) })),
        ]}
        selected={category}
        onSelect={(id) => navigate(shopHref(id, search), { replace: true })}
      />
      <ResourceView
        resource={products}
        loadingLabel={t('shop.loading')}
        empty={
          shown.length === 0 ? (
            <FilteredEmptyState
              title={t('shop.emptyTitle')}
              filtered={search !== '' || category !== ALL}
              messages={{ filtered: t('shop.emptyFiltered'), unfiltered: t('shop.emptyMessage') }}
              clear={{ href: '/shop?', label: t('shop.clearFilters') }}
            />
          ) : null
        }
      >
        <ul className="content-list" aria-label={t('shop.productsLabel')}>
          {shown.map((product) => (
            <li key={product._id}>
              <ContentCard
                id={product._id}
                title={product.title[lang]}
                picture={product.imageUrl}
                href={`/product-details/${encodeURIComponent(product._id)}`}
                eyebrow={categoryLabel(product.category)}
                description={product.description[lang]}
                badges={<StockBadge stock={product.stock} />}
                actions={<PriceTag amount={product.price} />}
              />
            </li>
          ))}
        </ul>
      </ResourceView>
    </main>
  );
}
