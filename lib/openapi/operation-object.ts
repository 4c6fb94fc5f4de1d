// One OpenAPI operation object from one row of lib/api/operations.ts: its parameters, request
// body and responses follow from the kind of operation and its resource's schemas.
import { operations, type OperationName } from '../api/operations.ts';
import { schemaRef, schemaRefPrefix, type JsonSchema } from './component-schemas.ts';
import { operationTexts, queryParameterNotes, resourceTags, type OperationText } from './operation-texts.ts';

export type OpenApiObject = { [field: string]: unknown };

export const formMediaType = 'application/x-www-form-urlencoded';
export const jsonMediaType = 'application/json';

/** "/v1/conversations/:id" -> "/v1/conversations/{id}", OpenAPI's path templating. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]+)/g, '{$1}');
}

/** The schema names an operation uses, e.g. conversation-list.params; each must be in schemas/. */
function schemaNameFor(
  text: OperationText,
  suffix: '' | '-list' | '-list.params' | '-create.params' | '-update.params',
  schemas: Record<string, JsonSchema>,
): string {
  const name = `${text.resource}${suffix}`;
  if (!(name in schemas)) throw new Error(`the OpenAPI document needs schemas/${name}.schema.json, which is missing.`);
  return name;
}

export function operationObject(name: OperationName, schemas: Record<string, JsonSchema>): OpenApiObject {
  const text = operationTexts[name];
  const resource = resourceTags[text.resource];
  const parameters: OpenApiObject[] = [];
  if (operations[name].path.includes(':id')) parameters.push(idParameter(text));
  if (text.kind === 'list')
    parameters.push(...queryParameters(schemas[schemaNameFor(text, '-list.params', schemas)]!, resource.plural));

  const body =
    text.kind === 'create'
      ? requestBody(schemaNameFor(text, '-create.params', schemas), schemas, true)
      : text.kind === 'update'
        ? requestBody(schemaNameFor(text, '-update.params', schemas), schemas, false)
        : undefined;

  return {
    operationId: name,
    summary: text.summary,
    description: text.description,
    tags: [resource.tag],
    'x-spec-section': operations[name].spec,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: {
      ...successResponse(text, schemas),
      default: errorResponse(),
    },
  };
}

function idParameter(text: OperationText): OpenApiObject {
  return {
    name: 'id',
    in: 'path',
    required: true,
    description: `The id of the ${text.resource}. Its format and length: not specified by the spec (§2.2).`,
    schema: { type: 'string' },
  };
}

/** One query parameter per property of the *-list.params schema: the schema is the one list of them. */
function queryParameters(paramsSchema: JsonSchema, items: string): OpenApiObject[] {
  const properties = (paramsSchema.properties ?? {}) as Record<string, JsonSchema>;
  const required = (paramsSchema.required ?? []) as string[];
  return Object.entries(properties).map(([parameter, schema]) => ({
    name: parameter,
    in: 'query',
    required: required.includes(parameter),
    description:
      queryParameterNotes[parameter]?.(items) ?? (typeof schema.description === 'string' ? schema.description : ''),
    schema: structuredClone(schema),
  }));
}

function requestBody(paramsName: string, schemas: Record<string, JsonSchema>, required: boolean): OpenApiObject {
  const structured = structuredProperties(schemas[paramsName]!, schemas);
  const bracketNote =
    structured.length > 0
      ? ` Arrays of objects go in bracket notation with indices, e.g. ${structured[0]}[0][username]=alice (the encoding object marks them deepObject, ` +
        'which OpenAPI 3.1 leaves undefined for arrays: a generator that cannot write brackets should send JSON); ' +
        `an empty array is sent as ${structured[0]}= (how this suite's client and reference server read it; the spec does not say).`
      : '';
  return {
    required,
    description:
      `${required ? '' : 'Every parameter is optional; fields not given are unchanged. '}` +
      `${formMediaType}: named parameters, as in the spec's form-style examples (§4).${bracketNote} ` +
      `${jsonMediaType}: the same fields as a JSON object. The spec says "other body encodings: not shown" (§4); ` +
      'this suite sends JSON when BODY_ENCODING=json, for servers that accept it.',
    content: {
      [formMediaType]: {
        schema: schemaRef(paramsName),
        ...(structured.length > 0
          ? {
              encoding: Object.fromEntries(
                structured.map((property) => [property, { style: 'deepObject', explode: true }]),
              ),
            }
          : {}),
      },
      [jsonMediaType]: { schema: schemaRef(paramsName) },
    },
  };
}

/** The properties that are objects or arrays, which a form can only carry in bracket notation. */
function structuredProperties(paramsSchema: JsonSchema, schemas: Record<string, JsonSchema>): string[] {
  const properties = (paramsSchema.properties ?? {}) as Record<string, JsonSchema>;
  const typeOf = (schema: JsonSchema): unknown => {
    const ref = schema.$ref;
    if (typeof ref === 'string' && ref.startsWith(schemaRefPrefix))
      return schemas[ref.slice(schemaRefPrefix.length)]?.type;
    return schema.type;
  };
  return Object.entries(properties)
    .filter(([, schema]) => [typeOf(schema)].flat().some((type) => type === 'array' || type === 'object'))
    .map(([property]) => property);
}

/** The spec never names a success status ("Response: the created conversation object"), so any 2xx is documented. */
function successResponse(text: OperationText, schemas: Record<string, JsonSchema>): OpenApiObject {
  if (text.kind === 'delete') {
    return {
      '2XX': {
        description: `The ${text.resource} is deleted. The status and body of the response: not specified by the spec (§4.3); no body is described.`,
      },
    };
  }
  const [schemaName, what] =
    text.kind === 'list'
      ? [
          schemaNameFor(text, '-list', schemas),
          `A page of ${resourceTags[text.resource].plural}: has_more and data; other envelope fields are allowed`,
        ]
      : [schemaNameFor(text, '', schemas), `The ${text.kind === 'retrieve' ? '' : `${text.kind}d `}${text.resource}`];
  return {
    '2XX': {
      description: `${what}. Which 2xx status${text.kind === 'create' ? ' (200 or 201)' : ''}: not specified by the spec (§4).`,
      content: { [jsonMediaType]: { schema: schemaRef(schemaName) } },
    },
  };
}

function errorResponse(): OpenApiObject {
  return {
    description:
      'A failure. Error codes, the shape of the error body and the status codes of failures: not specified by the spec (§7).',
    content: { '*/*': { schema: {} } },
  };
}
