import { Checkbox, Paper, Radio, SimpleGrid, Stack } from '@mantine/core';
import { type FormEvent, memo, Suspense, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useSiteConfigurationData } from '../../../api/site-api';
import { useAppSelector } from '../../../lib/hooks';
import { HydrateOnEngagement } from '../../../shared/hydrate-on-engagement';
import { FormMessage } from '../../../shared/forms/components/form-message';
import { RestrictToInput } from '../../../shared/forms/components/restrict-to-input';
import { useForm } from '../../../shared/forms/use-form';
import { selectCountry } from '../../../lib/site/site-slice';
import { groupedDigits } from '../chart-labels';
import { NUMBERS_FIELDS, type NumbersFormValues, numbersRequest, withNumbersOption } from '../generator-form';
import { numbersFormFromQuery } from '../query-params';
import { checkRngRequest, DEFAULT_MAX_RESULTS, ORDER_BY_FREQUENCY, ORDER_RANDOM, type RngDirection, type RngOrdering } from '../../../../../libs/rules/src/index';
import { useGenerator } from '../use-generator';
import { firstMessages } from '../verdict-messages';
import { GeneratorFrame } from './generator-frame';
import { ResultsPanel } from './results-panel';
import { SeedFields } from './seed-fields';
import { TooFrequentModal } from './too-frequent-modal';
import { BusyButton } from '../../../shared/busy/busy-button';

const DIGIT = /[0-9]/;

/**
 * /random-number-generator/ (query count, lower, upper, unique, group, sort, dir). Prerendered: there the page
 * hydrates at the visitor's first input (client/src/app/hydrate-on-engagement.tsx). Memoised and without props, so
 * nothing above hands the waiting boundary new props (React would then render it afresh, dropping the prerendered
 * HTML).
 */
const RandomNumberGeneratorPage = memo(function RandomNumberGeneratorPage() {
  return (
    <Suspense>
      <HydrateOnEngagement>
        <RandomNumberGenerator />
      </HydrateOnEngagement>
    </Suspense>
  );
});
export default RandomNumberGeneratorPage;

function RandomNumberGenerator() {
  const [searchParams] = useSearchParams();
  const country = useAppSelector(selectCountry);
  const { data: site } = useSiteConfigurationData({ country });
  const maxResults = site?.randomNumberRowsLimit ?? DEFAULT_MAX_RESULTS;
  const initial = useMemo(() => numbersFormFromQuery(searchParams), []);
  const { values, setValues, setField, errors, showErrors, clearErrors, formRef } = useForm<NumbersFormValues>(initial);
  const { generate, busy, generation, clearGeneration, waitSeconds, closeWait } = useGenerator(NUMBERS_FIELDS);

  const setOption = <Key extends keyof NumbersFormValues>(key: Key, value: NumbersFormValues[Key]) => setValues((current) => withNumbersOption(current, key, value));

  const run = async () => {
    const verdict = checkRngRequest(numbersRequest(values), maxResults);
    if (!verdict.ok) {
      clearGeneration();
      showErrors({ fields: firstMessages(verdict.modelState), form: null });
      return;
    }
    clearErrors();
    await generate((seed) => numbersRequest(values, seed), { mode: values.seedMode, seed: values.seed }, showErrors);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run();
  };

  const frame = (children: React.ReactNode) => (
    <GeneratorFrame title="Random Number Generator" intro="Up to a million random numbers between 0 and 10¹⁸, unique or not, sorted or grouped. Free, with a quantum random seed.">
      {children}
      <TooFrequentModal seconds={waitSeconds} onClose={closeWait} />
    </GeneratorFrame>
  );

  if (generation) {
    const request = generation.request;
    const count = Number(request.count);
    return frame(
      <ResultsPanel
        generation={generation}
        title="Your random numbers"
        summary={`${groupedDigits(count)} ${request.uniqueOption ? 'unique ' : ''}${count === 1 ? 'number' : 'numbers'} from ${groupedDigits(String(request.lowerLimit))} to ${groupedDigits(String(request.upperLimit))}.`}
        withHistogram
        busy={busy}
        onBack={clearGeneration}
        onAgain={values.seedMode === 'quantum' ? () => void run() : undefined}
        onReuseSeed={() => {
          setValues((current) => ({ ...current, seedMode: 'own', seed: generation.seed }));
          clearGeneration();
        }}
      />,
    );
  }

  const ordering = values.orderingOption;
  return frame(
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form ref={formRef} onSubmit={submit} noValidate aria-label="Random numbers">
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <RestrictToInput
              label="How many numbers?"
              description={`1 to ${groupedDigits(maxResults)}`}
              restrictTo={DIGIT}
              inputMode="numeric"
              autoComplete="off"
              value={values.count}
              onChange={(value) => setField('count', value)}
              error={errors.fields.count}
            />
            <RestrictToInput
              label="Lowest number"
              description="0 or more"
              restrictTo={DIGIT}
              inputMode="numeric"
              autoComplete="off"
              value={values.lowerLimit}
              onChange={(value) => setField('lowerLimit', value)}
              error={errors.fields.lowerLimit}
            />
            <RestrictToInput
              label="Highest number"
              description="Up to 999,999,999,999,999,999"
              restrictTo={DIGIT}
              inputMode="numeric"
              autoComplete="off"
              value={values.upperLimit}
              onChange={(value) => setField('upperLimit', value)}
              error={errors.fields.upperLimit}
            />
          </SimpleGrid>

          <Stack gap="xs">
            <Checkbox
              label="Unique numbers (no number twice)"
              checked={values.uniqueOption}
              onChange={(event) => setOption('uniqueOption', event.currentTarget.checked)}
              error={errors.fields.uniqueOption}
            />
            <Checkbox
              label="Group identical numbers, with how often each came up"
              description={values.uniqueOption ? 'Unique numbers never repeat, so there is nothing to group.' : undefined}
              disabled={values.uniqueOption}
              checked={values.groupingOption}
              onChange={(event) => setOption('groupingOption', event.currentTarget.checked)}
              error={errors.fields.groupingOption}
            />
          </Stack>

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Radio.Group label="Order" value={String(ordering)} onChange={(value) => setOption('orderingOption', Number(value) as RngOrdering)} error={errors.fields.orderingOption}>
              <Stack gap={6} mt={8}>
                <Radio value="0" label="Random (as drawn)" />
                <Radio value="1" label="By value" />
                <Radio value="2" label="By frequency (grouped numbers)" disabled={!values.groupingOption} />
              </Stack>
            </Radio.Group>
            <Radio.Group
              label="Direction"
              value={String(values.orderingDirection)}
              onChange={(value) => setOption('orderingDirection', Number(value) as RngDirection)}
              error={errors.fields.orderingDirection}
            >
              <Stack gap={6} mt={8}>
                <Radio value="0" label={ordering === ORDER_BY_FREQUENCY ? 'Least frequent first' : 'Ascending'} disabled={ordering === ORDER_RANDOM} />
                <Radio value="1" label={ordering === ORDER_BY_FREQUENCY ? 'Most frequent first' : 'Descending'} disabled={ordering === ORDER_RANDOM} />
              </Stack>
            </Radio.Group>
          </SimpleGrid>

          <SeedFields mode={values.seedMode} seed={values.seed} error={errors.fields.seed} onModeChange={(mode) => setField('seedMode', mode)} onSeedChange={(seed) => setField('seed', seed)} />

          {errors.form && <FormMessage>{errors.form}</FormMessage>}
          <BusyButton type="submit" size="md" loading={busy} w={{ base: '100%', sm: 'auto' }}>
            Generate numbers
          </BusyButton>
        </Stack>
      </form>
    </Paper>,
  );
}
