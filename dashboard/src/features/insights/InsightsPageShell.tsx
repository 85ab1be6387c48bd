import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '../../ui/Alert';
import { ArrowLeftIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { isNotFound } from './queries';
import './insights.css';

/** The frame of an insights sub-page: a back link, a title, and the loading / not-found / error states. */
export function InsightsPageShell(props: {
  back: string;
  backLabel: string;
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
  loading: boolean;
  error: unknown;
  notFound: string;
  children?: ReactNode;
}) {
  const navigate = useNavigate();
  let body = props.children;
  if (props.loading)
    body = (
      <div className="center-block">
        <Spinner label="Loading" />
      </div>
    );
  else if (props.error) {
    body = (
      <Alert
        title="Error"
        action={
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => navigate(props.back)}>
            Go Back
          </button>
        }
      >
        {isNotFound(props.error) ? props.notFound : 'Failed to load. Please try again later.'}
      </Alert>
    );
  }
  return (
    <div className="page">
      <Link to={props.back} className="btn btn-ghost btn-sm back-link">
        <ArrowLeftIcon size={16} /> {props.backLabel}
      </Link>
      <div className="page-header">
        <div>
          <h1>{props.title}</h1>
          {props.lead && <p className="page-lead">{props.lead}</p>}
        </div>
        {props.actions && <div className="button-row">{props.actions}</div>}
      </div>
      {body}
    </div>
  );
}
