import { useEffect, useState } from 'react';
import { getOrderLimits, type OrderLimits } from './config';

/** The per-item and per-order caps, once GET /api/config (read once per page load) has answered. */
export function useOrderLimits(): OrderLimits | null {
  const [limits, setLimits] = useState<OrderLimits | null>(null);
  useEffect(() => {
    let live = true;
    void getOrderLimits().then((l) => {
      if (live) setLimits(l);
    });
    return () => {
      live = false;
    };
  }, []);
  return limits;
}
