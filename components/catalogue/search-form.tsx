/** A plain GET form: the query lands in the URL (?q=) and works without JavaScript. */
export function SearchForm({ initialQuery }: { initialQuery: string }) {
  return (
    <form role="search" action="/search" method="get" className="flex gap-2">
      <label htmlFor="search-page-q" className="sr-only">
        Search characters
      </label>
      <input
        id="search-page-q"
        name="q"
        type="search"
        defaultValue={initialQuery}
        maxLength={100}
        placeholder="Search by name, tag or description"
        autoComplete="off"
        className="h-12 min-w-0 flex-1 rounded-full border border-border bg-card px-5 outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
      <button
        type="submit"
        className="h-12 rounded-full bg-primary px-6 font-medium text-primary-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        Search
      </button>
    </form>
  );
}
