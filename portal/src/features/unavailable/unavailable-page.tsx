import { Link } from 'wouter';

/** An honest page for screens that a later release builds: nothing on it pretends to work. */
export default function UnavailablePage({ title }: { title: string }) {
  return (
    <main className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-3 opacity-80">This part of the portal is not available yet. Your institute will let you know when it opens.</p>
      <Link href="/" className="btn btn-primary mt-6">Back to Home</Link>
    </main>
  );
}
