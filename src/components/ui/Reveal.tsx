/**
 * Fades its (static) children in once it scrolls into view: hydrate it with client:visible, and the
 * hydration itself is the "scrolled into view" signal. 50 ms start delay, 1000 ms fade.
 * Pages without JS show the content at once (the hiding rule needs scripting).
 */
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import './reveal.css';

/** Props of Reveal. */
export interface RevealProps {
  children?: ReactNode;
  className?: string;
}

/** Wraps content that should fade in. */
export function Reveal({ children, className }: RevealProps) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setShown(true), 50);
    return () => clearTimeout(id);
  }, []);
  return <div className={`reveal${shown ? ' is-shown' : ''}${className ? ` ${className}` : ''}`}>{children}</div>;
}

export default Reveal;
