/** What changed in the cart since the items were added (prices, stock): to review before paying. */
export function CartProblems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <div role="alert" className="form-message-error">
      <p>Some items in your cart have changed since you added them. Please review your cart before paying:</p>
      <ul>
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}
