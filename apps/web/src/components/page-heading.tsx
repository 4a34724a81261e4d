import { Title } from '@mantine/core';
import { useScreenTitle } from '../lib/page-title';

/** A screen's one h1, which also names the browser tab (`Bob Brown · Acme Corp`). */
export function PageHeading({ children }: { children: string }) {
  useScreenTitle(children);
  return (
    <Title order={1} size="h2">
      {children}
    </Title>
  );
}
