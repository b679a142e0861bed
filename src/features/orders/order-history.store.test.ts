import { beforeEach, describe, expect, it } from 'vitest';
import { makeOrder } from '../../../tests/fixtures/orders';
import type { Order } from '@shared/api/orders';
import {
  $historyFilter,
  $historyPage,
  $historySearch,
  $historyView,
  goToHistoryPage,
  setHistoryFilter,
  setHistorySearch,
} from './order-history.store';
import { $myOrders } from './orders.store';

function order(i: number, status: Order['status']): Order {
  return makeOrder({
    _id: `65f1a2b3c4d5e6f7a8b9c0${String(i).padStart(2, '0')}`,
    status,
    createdAt: new Date().toISOString(),
    products: [
      {
        productId: { _id: 'p', name: `Ring ${i}`, slug: 'ring', thumbnail: '', image: [] },
        size: null,
        sizeName: null,
        price: 100,
        quantity: 1,
      },
    ],
  });
}

describe('order history store', () => {
  beforeEach(() => {
    $myOrders.set(Array.from({ length: 12 }, (_, i) => order(i, i < 2 ? 'cancelled' : 'confirmed')));
    $historyFilter.set('all');
    $historySearch.set('');
    $historyPage.set(1);
  });

  it('pages on, and never past the last page', () => {
    goToHistoryPage(3);
    expect($historyView.get().orders.map((o) => o.rows[0]!.serial)).toEqual([11, 12]);
    goToHistoryPage(7);
    expect($historyPage.get()).toBe(3);
    goToHistoryPage(0);
    expect($historyPage.get()).toBe(1);
  });

  it('goes back to the first page when the filter or the search changes', () => {
    goToHistoryPage(2);
    setHistoryFilter('cancelled');
    expect($historyView.get()).toMatchObject({ heading: 'Cancelled Orders', page: 1, total: 2 });
    setHistoryFilter('all');
    goToHistoryPage(3);
    setHistorySearch('ring 1');
    expect($historyView.get().page).toBe(1);
    expect($historyView.get().orders.map((o) => o.rows[0]!.name)).toEqual(['Ring 1', 'Ring 10', 'Ring 11']);
  });
});
