import { useEffect } from 'react';
import { PRODUCT_NAME } from '../config.js';

/**
 * The page title is the product name followed by the page title (O §1).
 *
 * @example
 * pageTitle('About') // 'Literacy Shed - About'
 */
export function pageTitle(title: string): string {
  return `${PRODUCT_NAME} - ${title}`;
}

/** Sets the document title while the page is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
