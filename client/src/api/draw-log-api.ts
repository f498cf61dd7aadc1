import { drawLogGeneratedApi } from './generated/draw-log';

/** The public draw log: the head moves as draws change, so nothing is kept long. */
const drawLogApi = drawLogGeneratedApi.enhanceEndpoints({
  endpoints: {
    getDrawLogHead: { keepUnusedDataFor: 0 },
    getDrawLogEntries: { keepUnusedDataFor: 0 },
    getDrawLogKey: { keepUnusedDataFor: 3600 },
  },
});

export const { useGetDrawLogHeadQuery, useGetDrawLogEntriesQuery, useGetDrawLogKeyQuery } = drawLogApi;
