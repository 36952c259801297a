/** Bundles each entry (a path under root) into outDir/outfile, beside a copy of the migrations. */
export function bundleServer(
  root: string,
  entries: ReadonlyArray<{ entry: string; outfile: string }>,
  outDir: string,
): Promise<void>;
