/** The query keys of the users domain. */
export const userKeys = {
  all: ['users'] as const,
  me: () => [...userKeys.all, 'me'] as const,
  twoStep: () => [...userKeys.all, 'two-step'] as const,
};
