import { useLocation } from 'wouter';
import { CartModalContainer } from '../app/CartModalContainer';

/** The cart as a route (docs/product.md §2: cart, and cart-modal "also usable as a modal"); closing goes home. */
export default function CartScreen() {
  const [, navigate] = useLocation();
  return (
    <main className="page" id="main">
      <CartModalContainer onClose={() => navigate('/landing')} />
    </main>
  );
}
