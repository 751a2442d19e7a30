import { STATUS_CODES } from 'node:http';
import {
  answerableErrorsByStatus,
  errorEnvelopeSchema,
  errors,
  type EndpointDefinition,
  type ErrorName,
} from '@stratus/contract';

/** One line per error of a status: its number, name and English message. */
function describeErrors(status: number, names: ErrorName[]): string {
  const lines = names.map(
    (name) => `- \`${errors[name].code}\` ${name}: ${errors[name].message['en-US']}`,
  );
  return [`${STATUS_CODES[status] ?? 'Error'}: \`code\` is one of`, '', ...lines].join('\n');
}

/**
 * The error envelope of one status with the codes it may carry. The list is documentation (an
 * enum in the JSON Schema, with names and messages beside it), not a check: the serializer
 * takes any code, so a code missing from the list still reaches the client as itself, never as a
 * 500. The tests keep the lists true (`onUndeclaredError`, plugins/errors.ts).
 */
function errorEnvelopeOf(names: ErrorName[]) {
  return errorEnvelopeSchema.extend({
    code: errorEnvelopeSchema.shape.code.meta({
      description: "The error's number; `message` says it in the language of `Accept-Language`.",
      enum: names.map((name) => errors[name].code),
      'x-enum-varnames': names,
      'x-enum-descriptions': names.map((name) => errors[name].message['en-US']),
    }),
  });
}

/**
 * The route's error responses for the OpenAPI document, one per HTTP status the endpoint can
 * answer with an error: each describes the envelope and lists the codes of that status, common
 * (`commonErrorsOf`) and declared (`endpoint.errors`).
 */
export function errorResponsesOf(endpoint: EndpointDefinition) {
  const responses: Record<number, { description: string; content: object }> = {};
  for (const [status, names] of answerableErrorsByStatus(endpoint)) {
    responses[status] = {
      description: describeErrors(status, names),
      content: { 'application/json': { schema: errorEnvelopeOf(names) } },
    };
  }
  return responses;
}
