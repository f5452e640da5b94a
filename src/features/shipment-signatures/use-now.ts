import { useEffect, useState } from 'react';

/** A clock read every 30 seconds, so a link expiry that passes while a screen is open shows as such. */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
