import { Checkbox, Group, Select, SimpleGrid, Stack } from '@mantine/core';
import { STATE_BADGES, SOURCE_LABELS } from '../../../lib/draws/draw-state';
import { directionLabels, filtersFor, type ListConfig, PAGE_SIZES, type PageSize, SORT_FIELD_LABELS, SORT_FIELDS, type SortField } from '../list-config';

const SOURCE_KEYS = { showWeb: 'web', showApi: 'api', showTest: 'test' } as const;

/**
 * The list's filters (part 2 §2): sources and statuses as labelled checkbox groups (the api and test sources and the
 * draft status only for API customers), then sort field, direction and page size.
 */
export function DrawListFilters({ config, apiAccess, onChange }: { config: ListConfig; apiAccess: boolean; onChange: (next: ListConfig) => void }) {
  const allowed = filtersFor(apiAccess);
  const directions = directionLabels(config.sortField);
  const sourcesChosen = allowed.sources.filter((key) => config[key]);
  return (
    <Stack gap="sm">
      <Group gap="xl" align="flex-start" wrap="wrap">
        {allowed.sources.length > 1 && (
          <Checkbox.Group
            label="Made through"
            value={sourcesChosen}
            onChange={(value) => onChange({ ...config, showWeb: value.includes('showWeb'), showApi: value.includes('showApi'), showTest: value.includes('showTest') })}
          >
            <Group gap="md" mt={6}>
              {allowed.sources.map((key) => (
                <Checkbox key={key} value={key} label={SOURCE_LABELS[SOURCE_KEYS[key]]} />
              ))}
            </Group>
          </Checkbox.Group>
        )}
        <Checkbox.Group
          label="Status"
          value={config.statuses.filter((status) => allowed.statuses.includes(status))}
          onChange={(value) => {
            // Statuses this account cannot filter on (draft without API access) are kept as they were.
            const hidden = config.statuses.filter((status) => !allowed.statuses.includes(status));
            const chosen = allowed.statuses.filter((status) => value.includes(status));
            onChange({ ...config, statuses: [...hidden, ...chosen] });
          }}
        >
          <Group gap="md" mt={6}>
            {allowed.statuses.map((status) => (
              <Checkbox key={status} value={status} label={STATE_BADGES[status].label} />
            ))}
          </Group>
        </Checkbox.Group>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" maw={640}>
        <Select
          label="Sort by"
          data={SORT_FIELDS.map((field) => ({ value: field, label: SORT_FIELD_LABELS[field] }))}
          value={config.sortField}
          allowDeselect={false}
          onChange={(value) => value && onChange({ ...config, sortField: value as SortField })}
        />
        <Select
          label="Order"
          data={[
            { value: 'desc', label: directions.descending },
            { value: 'asc', label: directions.ascending },
          ]}
          value={config.descending ? 'desc' : 'asc'}
          allowDeselect={false}
          onChange={(value) => value && onChange({ ...config, descending: value === 'desc' })}
        />
        <Select
          label="Draws per page"
          data={PAGE_SIZES.map((size) => String(size))}
          value={String(config.count)}
          allowDeselect={false}
          onChange={(value) => value && onChange({ ...config, count: Number(value) as PageSize })}
        />
      </SimpleGrid>
    </Stack>
  );
}
