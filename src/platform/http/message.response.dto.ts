import { ApiProperty } from '@nestjs/swagger';

/** The answer of an action that has nothing to return but a sentence for the person who asked. */
export class MessageResponseDto {
  @ApiProperty() message: string;

  static of(message: string): MessageResponseDto {
    const dto = new MessageResponseDto();
    dto.message = message;
    return dto;
  }
}
