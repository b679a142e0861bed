/** React binding for live price and stock on a card. */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $liveAvailability, requestAvailability, withLive } from './availability.store';

/**
 * The product with its live price and stock once known. Requests them on mount; re-renders only
 * when this product's entry changes (not when any of hundreds of other cards update).
 */
export function useLiveProduct<T extends { _id: string; price: number; discountPrice: number | null; stock: number }>(product: T): T {
  const live = useStore($liveAvailability, { keys: [product._id] })[product._id];
  useEffect(() => {
    requestAvailability([product._id]);
  }, [product._id]);
  return withLive(product, live);
}
