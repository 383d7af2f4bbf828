import type { JoinAnswers, JoinField } from '../../../../shared/join-fields.ts';
import { customerTexts } from '../../../lib/customer-texts.ts';
import type { JoinDetails, JoinFlow } from '../use-join-flow.ts';
import { JoinFieldInputs } from './join-field-inputs.tsx';
import { NameAndPhoneFields } from './name-and-phone-fields.tsx';
import { PartySizeField } from './party-size-field.tsx';

/**
 * What a walk-in types, in the join's order: name and phone (spec §2), the business's questions,
 * the party's size, and the note that a confirmation closed offline was not sent. The user-info
 * page and the kiosk show the same fields; the kiosk without the browser's autofill (a shared tablet).
 */
export function JoinDetailsFields(props: {
  flow: JoinFlow;
  details: JoinDetails;
  joinFields: readonly JoinField[];
  largestParty: number;
  onNameChange: (name: string) => void;
  onPhoneDigitsChange: (digits: string) => void;
  onAnswersChange: (change: (answers: JoinAnswers) => JoinAnswers) => void;
  onPartySizeChange: (size: number) => void;
  autoFill?: boolean;
}) {
  const { flow, details, joinFields, largestParty, autoFill = true } = props;
  return (
    <>
      <NameAndPhoneFields
        name={details.name}
        phoneDigits={details.phoneDigits}
        problem={flow.problem}
        onNameChange={props.onNameChange}
        onPhoneDigitsChange={props.onPhoneDigitsChange}
        onProblemFixed={flow.fixProblem}
        autoFill={autoFill}
      />
      <JoinFieldInputs
        fields={joinFields}
        answers={details.answers}
        problems={flow.answerProblems}
        autoFill={autoFill}
        onChange={(fieldId, value) => {
          props.onAnswersChange((current) => ({ ...current, [fieldId]: value }));
          flow.fixAnswer(fieldId);
        }}
      />
      <PartySizeField
        largestParty={largestParty}
        value={details.partySize}
        problem={flow.partyProblem}
        onChange={(size) => {
          props.onPartySizeChange(size);
          flow.fixPartySize();
        }}
      />
      {flow.withdrawn ? (
        <p className="notice" role="status">
          {customerTexts.confirm.withdrawn}
        </p>
      ) : null}
    </>
  );
}
