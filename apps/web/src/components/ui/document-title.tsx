/** Sets the tab title; React 19 hoists <title> into <head> from anywhere in the tree. */
export function DocumentTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} · Kerb` : "Kerb · Driving lessons with certified instructors"}</title>;
}
