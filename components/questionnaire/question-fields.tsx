import type { Question, StepAnswer } from "@/lib/questionnaire/types";
import { ChoiceList } from "./choice-list";
import { DateAnswer } from "./date-answer";
import { MeasurementsAnswer } from "./measurements-answer";
import { PhotoUpload, type UploadedPhoto } from "./photo-upload";
import styles from "./questionnaire-form.module.css";
import { TextAnswer } from "./text-answer";

type QuestionFieldsProps = {
  question: Question;
  answer: StepAnswer;
  onAnswerChange: (answer: StepAnswer) => void;
  ids: { legend: string; details: string; describedBy?: string };
  invalid: boolean;
  disabled: boolean;
  today: string;
  photos: UploadedPhoto[];
  photosPath: string;
  onPhotosChange: (photos: UploadedPhoto[]) => void;
  onUploadError: (message: string | null) => void;
  onUploadBusy: (busy: boolean) => void;
};

/** The controls for one question, chosen by its kind (the fieldset and legend are the form's). */
export function QuestionFields(props: QuestionFieldsProps) {
  const { question, answer, onAnswerChange, ids, invalid, disabled } = props;
  const setText = (text: string) => onAnswerChange({ ...answer, text });
  const common = { question, invalid, disabled, describedBy: ids.describedBy };

  switch (question.kind) {
    case "text":
      return <TextAnswer {...common} value={answer.text} onChange={setText} labelledBy={ids.legend} />;
    case "date":
      return <DateAnswer {...common} value={answer.text} onChange={setText} labelledBy={ids.legend} today={props.today} />;
    case "measurements":
      return <MeasurementsAnswer value={answer.text} onChange={setText} describedBy={ids.describedBy} invalid={invalid} disabled={disabled} />;
    case "upload":
      return (
        <PhotoUpload
          {...common}
          photosPath={props.photosPath}
          photos={props.photos}
          onPhotosChange={props.onPhotosChange}
          onError={props.onUploadError}
          onBusyChange={props.onUploadBusy}
        />
      );
    default:
      return (
        <>
          <ChoiceList question={question} choice={answer.choice} onChange={(choice) => onAnswerChange({ ...answer, choice })} invalid={invalid} disabled={disabled} />
          {question.textBox ? (
            <div className="field">
              <label htmlFor={ids.details} className={styles.subLabel}>
                {question.textBoxLabel ?? "Details (optional)"}
              </label>
              <TextAnswer {...common} id={ids.details} value={answer.text} onChange={setText} />
            </div>
          ) : null}
        </>
      );
  }
}
