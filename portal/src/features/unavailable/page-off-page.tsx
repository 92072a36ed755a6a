import { MENU_PAGES, pageOffMessage, type MenuKey } from '@invigil/shared/domain/menu-flags';
import { Link } from 'wouter';

/**
 * A menu page the student's config turns off, reached by its address (the menu hides it): says
 * so plainly instead of showing the page and its refused calls (decision 0003).
 */
export function PageOffPage({ page }: { page: MenuKey }) {
  const title = MENU_PAGES.find((entry) => entry.key === page)?.title ?? page;
  return (
    <main className="mx-auto max-w-lg px-4 py-16 text-center" aria-labelledby="page-off-heading">
      <h1 id="page-off-heading" className="text-2xl font-bold">{title} is not available</h1>
      <p className="mt-3" data-testid="page-off-message">{pageOffMessage(page)}</p>
      <p className="mt-1 opacity-80">Please contact your institute if you need it.</p>
      <Link href="/" className="btn btn-primary mt-6">Back to Home</Link>
    </main>
  );
}
