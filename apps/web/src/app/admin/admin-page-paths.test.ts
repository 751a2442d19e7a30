import { describe, expect, it } from 'vitest';
import { adminPagePaths } from './admin-page-paths.ts';
import { adminRoutes } from './admin-routes.ts';

describe('the plain list of operator console pages', () => {
  it('names exactly the pages of the route table, so the layout journey visits them all', () => {
    expect([...adminPagePaths].sort()).toEqual(adminRoutes.map((route) => route.path).sort());
    expect(new Set(adminPagePaths).size).toBe(adminPagePaths.length);
  });
});
