import {
  mailTemplateIds,
  mailTemplateIdSchema,
  messageStates,
  messageStateSchema,
} from '@stratus/contract';
import type { TFunction } from 'i18next';
import type { FilterField } from '../../shared/ui/filter-fields.ts';
import { defineListFilters, oneOf, text, type FilterValues } from '../../shared/list-filters.ts';

/** The outbox's filters, kept in the address so a filtered view can be shared or reloaded. */
export const messageFilters = defineListFilters({
  /** Part of the recipient's address. */
  to: text(),
  event: oneOf(mailTemplateIdSchema),
  state: oneOf(messageStateSchema),
});

export type MessageFilters = FilterValues<typeof messageFilters.params, true>;

/** Recipient, event and state of the outbox. */
export function messageFilterFields(t: TFunction): FilterField<MessageFilters>[] {
  return [
    {
      kind: 'search',
      name: 'to',
      label: t('adminMessages.filter.to'),
      placeholder: t('adminMessages.filter.to'),
      width: 240,
    },
    {
      kind: 'select',
      name: 'event',
      label: t('adminMessages.filter.event'),
      placeholder: t('adminMessages.filter.allEvents'),
      // Events are named by their stable ids, as preferences and webhooks name them.
      options: mailTemplateIds.map((event) => ({ value: event, label: event })),
      width: 220,
    },
    {
      kind: 'select',
      name: 'state',
      label: t('adminMessages.filter.state'),
      placeholder: t('adminMessages.filter.allStates'),
      options: messageStates.map((state) => ({
        value: state,
        label: t(`adminMessages.state.${state}`),
      })),
      width: 150,
    },
  ];
}
