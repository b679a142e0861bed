/**
 * A titled section whose body expands and collapses (the filter drawer's sections, the product
 * information block): the heading holds a button with aria-expanded, so screen readers announce
 * the state and the keyboard works with no extra code.
 */
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Icon } from './Icon';
import { chevronDownIcon } from './icons/chevron-down';
import './disclosure.css';

/** Props of Disclosure. */
export interface DisclosureProps {
  title: string;
  /** Heading level of the title, to fit the page's outline. */
  headingLevel?: 2 | 3;
  defaultOpen?: boolean;
  /** Extra class on the section; the container draws the separating borders. */
  className?: string;
  /** Extra class on the body, for the content's own layout. */
  bodyClassName?: string;
  children: ReactNode;
}

/** Renders the section, open or closed. */
export function Disclosure({ title, headingLevel = 3, defaultOpen = false, className, bodyClassName, children }: DisclosureProps) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={className ? `disclosure ${className}` : 'disclosure'}>
      <Heading className="disclosure__title">
        <button type="button" className="disclosure__toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {title}
          <Icon icon={chevronDownIcon} size={18} className="disclosure__chevron" />
        </button>
      </Heading>
      <div id={id} className={bodyClassName ? `disclosure__body ${bodyClassName}` : 'disclosure__body'} hidden={!open}>
        {children}
      </div>
    </section>
  );
}
