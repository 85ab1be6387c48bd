import { useEffect, useState } from 'react';
import { viewportWidth, watchViewport } from './browser';

/** True while the viewport is narrower than `breakpoint` px (the chat's mobile layout: 640). */
export function useIsMobile(breakpoint = 640): boolean {
  const [mobile, setMobile] = useState(() => viewportWidth() < breakpoint);
  useEffect(() => watchViewport(() => setMobile(viewportWidth() < breakpoint)), [breakpoint]);
  return mobile;
}
