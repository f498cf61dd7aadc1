import { Paper, SimpleGrid, Stack } from '@mantine/core';
import { type FormEvent, type ReactNode, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useSiteConfigurationData } from '../../../api/site-api';
import { useAppSelector } from '../../../lib/hooks';
import { FormMessage } from '../../../shared/forms/components/form-message';
import { RestrictToInput } from '../../../shared/forms/components/restrict-to-input';
import { useForm } from '../../../shared/forms/use-form';
import { selectCountry } from '../../../lib/site/site-slice';
import { groupedDigits } from '../chart-labels';
import { SEQUENCE_FIELDS, type SequenceFormValues, sequenceRequest } from '../generator-form';
import { sequenceFormFromQuery } from '../query-params';
import { checkRngRequest, DEFAULT_MAX_RESULTS } from '../../../../../libs/rules/src/index';
import { useGenerator } from '../use-generator';
import { firstMessages } from '../verdict-messages';
import { GeneratorFrame } from './generator-frame';
import { ResultsPanel } from './results-panel';
import { SeedFields } from './seed-fields';
import { TooFrequentModal } from './too-frequent-modal';
import { BusyButton } from '../../../shared/busy/busy-button';

const DIGIT = /[0-9]/;

/** /random-sequence-generator/ (query lower, upper): every number of a range once, in random order. */
export default function RandomSequenceGeneratorPage() {
  const [searchParams] = useSearchParams();
  const country = useAppSelector(selectCountry);
  const { data: site } = useSiteConfigurationData({ country });
  const maxResults = site?.randomNumberRowsLimit ?? DEFAULT_MAX_RESULTS;
  const initial = useMemo(() => sequenceFormFromQuery(searchParams), []);
  const { values, setValues, setField, errors, showErrors, clearErrors, formRef } = useForm<SequenceFormValues>(initial);
  const { generate, busy, generation, clearGeneration, waitSeconds, closeWait } = useGenerator(SEQUENCE_FIELDS);

  const run = async () => {
    const verdict = checkRngRequest(sequenceRequest(values), maxResults);
    if (!verdict.ok) {
      clearGeneration();
      showErrors({ fields: firstMessages(verdict.modelState), form: null });
      return;
    }
    clearErrors();
    await generate((seed) => sequenceRequest(values, seed), { mode: values.seedMode, seed: values.seed }, showErrors);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run();
  };

  const frame = (children: ReactNode) => (
    <GeneratorFrame title="Random Sequence Generator" intro={`Every whole number of a range exactly once, in random order: up to ${groupedDigits(maxResults)} numbers, anywhere between 0 and 10¹⁸.`}>
      {children}
      <TooFrequentModal seconds={waitSeconds} onClose={closeWait} />
    </GeneratorFrame>
  );

  if (generation) {
    const request = generation.request;
    return frame(
      <ResultsPanel
        generation={generation}
        title="Your random sequence"
        summary={`Every number from ${groupedDigits(String(request.lowerLimit))} to ${groupedDigits(String(request.upperLimit))} once (${groupedDigits(generation.response.total)} numbers), in random order.`}
        withHistogram={false}
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

  return frame(
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form ref={formRef} onSubmit={submit} noValidate aria-label="Random sequence">
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <RestrictToInput
              label="From"
              description="0 or more"
              restrictTo={DIGIT}
              inputMode="numeric"
              autoComplete="off"
              value={values.lowerLimit}
              onChange={(value) => setField('lowerLimit', value)}
              error={errors.fields.lowerLimit}
            />
            <RestrictToInput
              label="To"
              description={`At most ${groupedDigits(maxResults)} numbers in all`}
              restrictTo={DIGIT}
              inputMode="numeric"
              autoComplete="off"
              value={values.upperLimit}
              onChange={(value) => setField('upperLimit', value)}
              error={errors.fields.upperLimit}
            />
          </SimpleGrid>
          <SeedFields mode={values.seedMode} seed={values.seed} error={errors.fields.seed} onModeChange={(mode) => setField('seedMode', mode)} onSeedChange={(seed) => setField('seed', seed)} />
          {errors.form && <FormMessage>{errors.form}</FormMessage>}
          <BusyButton type="submit" size="md" loading={busy} w={{ base: '100%', sm: 'auto' }}>
            Generate sequence
          </BusyButton>
        </Stack>
      </form>
    </Paper>,
  );
}
