import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import ProductDetails from '../../../src/screens/ProductDetails';
import Shop from '../../../src/screens/Shop';
import { PRODUCTS, renderContent } from './fixtures';

const titles = () =>
  screen.queryAllByRole('article').map((article) => within(article).getByRole('heading').textContent);

describe('Shop', () => {
  it('lists the products with price in FCFA and stock, by category', async () => {
    renderContent(<Shop />, { path: '/shop', api: { fetchProducts: async () => PRODUCTS } });
    const calculator = await screen.findByRole('article', { name: 'Scientific calculator' });
    expect(within(calculator).getByTestId('price')).toHaveTextContent('8 500 FCFA');
    expect(within(calculator).getByText('40 in stock')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Solar calculator' })).getByText('Out of stock'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Mathematics textbook' })).getByText('Only 3 left'),
    ).toBeInTheDocument();
    // Categories in the order students shop for school.
    const chips = screen.getAllByRole('button').map((chip) => chip.textContent);
    expect(chips).toEqual(['All', 'Textbooks', 'Calculators', 'Accessories']);
    await userEvent.click(screen.getByRole('button', { name: 'Calculators' }));
    expect(titles()).toEqual(['Scientific calculator', 'Solar calculator']);
  });

  it('searches titles in both languages and without accents', async () => {
    renderContent(<Shop />, { path: '/shop', api: { fetchProducts: async () => PRODUCTS } });
    await screen.findByRole('article', { name: 'Earphones' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the shop' }), 'ecouteurs');
    expect(titles()).toEqual(['Earphones']);
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search the shop' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the shop' }), 'bicycle');
    expect(await screen.findByRole('heading', { name: 'Nothing found' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Show all products' }));
    expect(titles()).toHaveLength(PRODUCTS.length);
  });

  it('shows a product with its pictures, description, price and stock', async () => {
    renderContent(
      <Route path="/product-details/:id">{(params) => <ProductDetails params={params} />}</Route>,
      {
        path: '/product-details/prod-textbook',
        lang: 'fr',
        storage: { language: 'fr' },
        api: {
          fetchProduct: async (id: string) => PRODUCTS.find((p) => p._id === id) as (typeof PRODUCTS)[number],
        },
      },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manuel de mathématiques' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual([
      'Manuel de mathématiques, photo 1',
      'Manuel de mathématiques, photo 2',
    ]);
    expect(screen.getByTestId('price')).toHaveTextContent('6 500 FCFA');
    expect(screen.getByText('Plus que 3')).toBeInTheDocument();
    expect(screen.getByText("Manuel de mathématiques, pour l'école.")).toBeInTheDocument();
  });

  it('says when a product cannot be loaded, with Try again', async () => {
    renderContent(
      <Route path="/product-details/:id">{(params) => <ProductDetails params={params} />}</Route>,
      {
        path: '/product-details/nope',
        api: { fetchProduct: async () => Promise.reject(new Error('Resource not found.')) },
      },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Resource not found.');
  });
});
