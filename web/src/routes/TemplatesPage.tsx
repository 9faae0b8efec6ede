/**
 * `/templates`: the workspace's transactional mail templates (how often and when each was last used, where it
 * comes from) and a form to create one, which then opens in the studio. Loaded only when opened (App.tsx).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { TemplateType } from '../../../server/testing/client.js';
import { keys, queries, useClient } from '../api.js';
import { DateTime } from '../dates.js';
import { FieldError, fieldErrors, Form, Options, otherErrors, useTitle, type FieldErrors } from '../forms.js';
import { FixtureProblems, OriginBadge, TEMPLATE_TYPES } from '../studio/common.js';

export default function TemplatesPage() {
  useTitle('Templates');
  const client = useClient();
  const list = useQuery(queries.templateList(client));

  return (
    <main className="templates-page">
      <div className="page-head">
        <h1>Templates</h1>
        <p className="muted">
          Transactional mail templates of this workspace. Open one to preview it with replacements, edit it and send a
          test.
        </p>
      </div>
      <FixtureProblems />
      <NewTemplate />
      {list.isError && <p className="error">The templates could not be loaded: {(list.error as Error).message}</p>}
      {list.data !== undefined && list.data.length === 0 && (
        <p className="muted">No templates yet: create one above, or add them to the fixtures.</p>
      )}
      {list.data !== undefined && list.data.length > 0 && (
        <div className="table-wrap">
          <table className="template-table">
            <caption className="visually-hidden">Templates</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col" className="col-label">
                  Label
                </th>
                <th scope="col">Type</th>
                <th scope="col" className="col-subject">
                  Subject
                </th>
                <th scope="col">Last used</th>
                <th scope="col" className="num">
                  Mails sent
                </th>
                <th scope="col">Origin</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((template) => (
                <tr key={template.uuid}>
                  <th scope="row">
                    <Link href={`/templates/${encodeURIComponent(template.name)}`}>{template.name}</Link>
                  </th>
                  <td className="col-label">{template.label ?? ''}</td>
                  <td>{template.type}</td>
                  <td className="col-subject">{template.subject}</td>
                  <td>
                    {template.last_used_at === null ? (
                      <span className="muted">never</span>
                    ) : (
                      <DateTime iso={template.last_used_at} />
                    )}
                  </td>
                  <td className="num">{template.mails_sent.toLocaleString()}</td>
                  <td>
                    <OriginBadge origin={template.origin} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}

function NewTemplate() {
  const client = useClient();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const [type, setType] = useState<TemplateType>('html');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useMutation({
    mutationFn: () => client.templates.create({ name: name.trim(), type, subject: '', body: starterBody(type) }),
    onSuccess: (template) => {
      queryClient.setQueryData(keys.template(client.token, template.name), template);
      void queryClient.invalidateQueries({ queryKey: keys.templateList(client.token) });
      navigate(`/templates/${encodeURIComponent(template.name)}`);
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  const rest = otherErrors(errors, ['name', 'type']);
  return (
    <Form
      className="new-template"
      aria-labelledby="new-template-title"
      onSubmit={() => {
        setErrors({});
        create.mutate();
      }}
    >
      <h2 id="new-template-title">New template</h2>
      <div className="form-row">
        <label htmlFor="new-template-name">Name</label>
        <input
          id="new-template-name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder="e.g. invoice-paid"
          aria-invalid={errors.name !== undefined}
          aria-describedby={errors.name === undefined ? undefined : 'new-template-name-error'}
          required
        />
        <label htmlFor="new-template-type">Type</label>
        <select
          id="new-template-type"
          value={type}
          onChange={(event) => setType(event.target.value as TemplateType)}
          aria-invalid={errors.type !== undefined}
        >
          <Options options={TEMPLATE_TYPES} />
        </select>
        <button type="submit" disabled={create.isPending}>
          Create template
        </button>
      </div>
      <FieldError id="new-template-name-error" messages={errors.name} />
      <FieldError id="new-template-type-error" messages={errors.type} />
      {rest.length > 0 && <p className="field-error">{rest.join(' ')}</p>}
    </Form>
  );
}

/** Something to render from the first moment, with a placeholder to fill. */
function starterBody(type: TemplateType): string {
  if (type === 'mjml') {
    return '<mjml>\n  <mj-body>\n    <mj-section>\n      <mj-column>\n        <mj-text>Hello ::first_name::</mj-text>\n      </mj-column>\n    </mj-section>\n  </mj-body>\n</mjml>\n';
  }
  if (type === 'markdown') return '# Hello ::first_name::\n\nWrite the mail in markdown.\n';
  if (type === 'blade') return 'Hello ::first_name::\n';
  return '<html>\n<body>\n  <p>Hello ::first_name::</p>\n</body>\n</html>\n';
}
