import { Button } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { session } from '../../lib/session';

/** The stored acting-as context was refused: offer the way back to the user's own account. */
export function ActingErrorPage() {
  const queryClient = useQueryClient();
  const leave = () => {
    session.setActing({});
    queryClient.clear();
  };
  return (
    <div className="state-page">
      <div className="state-box">
        <div className="state-code">403</div>
        <h1>You can no longer act in this context</h1>
        <p>The company or user you were acting as is not available to you any more.</p>
        <Button type="primary" onClick={leave}>
          Back to my account
        </Button>
      </div>
    </div>
  );
}
