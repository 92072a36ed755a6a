import { Link } from 'wouter';

export default function NotFoundPage() {
  return (
    <main className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Page not found</h1>
      <p className="mt-3 opacity-80">There is no page at this address.</p>
      <Link href="/" className="btn btn-primary mt-6">Back to Home</Link>
    </main>
  );
}
